import { Entity, Lazy, resource, schema } from '../../src/index'
import { createTestStore } from '../helpers/createTestStore'

class Building extends Entity {
  id = ''
  name = ''
  static override key = 'Building'
}
class Department extends Entity {
  id = ''
  name = ''
  buildings: string[] = []
  static override key = 'Department'
  static override schema = { buildings: new schema.Lazy([Building]) }
}
const DepartmentResource = resource({ path: '/departments/:id', schema: Department })
const response = { id: 'd1', name: 'Physics', buildings: [{ id: 'b1', name: 'North' }, { id: 'b2', name: 'South' }] }

describe('schema.Lazy', () => {
  it('is the top-level Lazy', () => {
    expect(schema.Lazy).toBe(Lazy)
  })

  it('stores what the response nests, and reads the field as its pks', () => {
    const { controller, store } = createTestStore()
    controller.setResponse(DepartmentResource.get, { id: 'd1' }, response)
    const department = controller.getResponse(DepartmentResource.get, { id: 'd1' }, store.getState()).data!
    expect(department.buildings).toEqual(['b1', 'b2'])
    expect(store.getState().entities.Building).toBeDefined()
  })

  it('reads the records through .query, following changes to them', () => {
    const { controller, store } = createTestStore()
    controller.setResponse(DepartmentResource.get, { id: 'd1' }, response)
    const department = controller.getResponse(DepartmentResource.get, { id: 'd1' }, store.getState()).data!
    const query = Department.schema.buildings.query
    const buildings = controller.get(query, department.buildings, store.getState()) as Building[]
    expect(buildings.map((b) => [b instanceof Building, b.name])).toEqual([[true, 'North'], [true, 'South']])
    expect(controller.get(query, department.buildings, store.getState())).toBe(buildings)
    controller.set(Building, { id: 'b2' }, { id: 'b2', name: 'South (renamed)' })
    expect((controller.get(query, department.buildings, store.getState()) as Building[]).map((b) => b.name)).toEqual(['North', 'South (renamed)'])
    // The department's own read did not change: it holds pks, not the buildings.
    expect(controller.getResponse(DepartmentResource.get, { id: 'd1' }, store.getState()).data).toBe(department)
  })

  it('reads undefined for an empty field', () => {
    const { controller, store } = createTestStore()
    expect(controller.get(Department.schema.buildings.query, undefined, store.getState())).toBeUndefined()
  })
})
